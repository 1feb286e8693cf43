"""The statistics lab: many seeded autoplayed campaigns and what they add up to (docs/lab.md).

`runner` plays campaigns (in this process or on any concurrent.futures-style executor) and
reduces each to a `CampaignRecord`; `stats` turns records into the tables a player reads.
"""

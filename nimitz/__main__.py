from nimitz.cli import main

main()

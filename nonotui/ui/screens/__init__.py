"""The app's screens: library, play, finish, help and small dialogs."""

"""The app's pages: home, the lesson page, the Play page, practice, and the Teacher page with its parts."""

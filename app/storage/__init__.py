"""Where things are kept: progress, accounts and classes (in the session or the database), and the browser's own
small memory."""

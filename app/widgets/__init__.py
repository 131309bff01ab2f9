"""The parts pages are drawn with: the table pictures, the chrome, the class tables, downloads."""

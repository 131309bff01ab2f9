"""The Streamlit app's own code: pages, the lesson player, languages in the UI, and where progress is kept."""

"""Services write: every change to games, submissions, results and schedules goes through here."""

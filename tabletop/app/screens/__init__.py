"""The app's screens (scenes): title, game picker, seat setup, table, pause, rules, results, pass-the-device."""

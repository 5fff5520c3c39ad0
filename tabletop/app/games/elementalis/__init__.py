"""The ElementaliS table view."""

"""The pygame side: window, scenes, layouts, animations.  It never decides a rule: what is
clickable is what the rules core lists as legal, and every move goes through the match controller."""

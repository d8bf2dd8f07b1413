-- Placeholder: filled in by the change this migration belongs to.
SELECT 1;

-- How many days a size usually lasts a farm (a 70 kg bag of dairy meal, a
-- few weeks): the reminder before it runs out starts from it until the
-- customer's own rhythm is known (docs/notifications.md, "Reminders").
-- NULL: no reminder from the size alone. Owned by internal/catalog.
ALTER TABLE variants ADD COLUMN lasts_days INTEGER CHECK (lasts_days IS NULL OR lasts_days BETWEEN 1 AND 730);

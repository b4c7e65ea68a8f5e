-- A review's words in Kiswahili beside the words it was written in, for the
-- business's own reviews (the demo's), which it shows in both languages: a
-- Kiswahili page shows comment_sw where it holds something (package
-- catalog reads it; package review owns it; docs/i18n.md, "Product
-- content"). A buyer's review is shown as
-- its buyer wrote it, in either language: its comment_sw stays empty.
ALTER TABLE reviews ADD COLUMN comment_sw TEXT NOT NULL DEFAULT '';

-- Files of a trade's upload requirements are stored (decision 011): each row names the checked
-- file in the file storage under a key the server chose. Rows recorded before this kept only the
-- declared name, type and size, and have no file.
ALTER TABLE trade_attachments ADD COLUMN storage_key text;

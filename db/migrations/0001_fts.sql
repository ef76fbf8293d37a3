-- Full-text search over message bodies and contact names/numbers (FTS5, external content:
-- the index stores only tokens; rows are read back from messages/contacts by rowid = id).
-- Triggers keep the indexes in step; 'delete' must be given the old values exactly.
CREATE VIRTUAL TABLE `messages_fts` USING fts5(body, content='messages', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `messages_fts_ai` AFTER INSERT ON `messages` BEGIN
  INSERT INTO messages_fts(rowid, body) VALUES (new.id, new.body);
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_ad` AFTER DELETE ON `messages` BEGIN
  INSERT INTO messages_fts(messages_fts, rowid, body) VALUES ('delete', old.id, old.body);
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_au` AFTER UPDATE OF body ON `messages` BEGIN
  INSERT INTO messages_fts(messages_fts, rowid, body) VALUES ('delete', old.id, old.body);
  INSERT INTO messages_fts(rowid, body) VALUES (new.id, new.body);
END;
--> statement-breakpoint
INSERT INTO messages_fts(messages_fts) VALUES ('rebuild');
--> statement-breakpoint
CREATE VIRTUAL TABLE `contacts_fts` USING fts5(name, number, content='contacts', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `contacts_fts_ai` AFTER INSERT ON `contacts` BEGIN
  INSERT INTO contacts_fts(rowid, name, number) VALUES (new.id, new.name, new.number);
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_fts_ad` AFTER DELETE ON `contacts` BEGIN
  INSERT INTO contacts_fts(contacts_fts, rowid, name, number) VALUES ('delete', old.id, old.name, old.number);
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_fts_au` AFTER UPDATE OF name, number ON `contacts` BEGIN
  INSERT INTO contacts_fts(contacts_fts, rowid, name, number) VALUES ('delete', old.id, old.name, old.number);
  INSERT INTO contacts_fts(rowid, name, number) VALUES (new.id, new.name, new.number);
END;
--> statement-breakpoint
INSERT INTO contacts_fts(contacts_fts) VALUES ('rebuild');

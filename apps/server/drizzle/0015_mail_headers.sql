-- Support messages (issue 21): a queued mail may carry extra headers (a support message's Reply-To, and Pro's priority
-- headers), set by the server only. Null for every other mail. Numbered 0015: 0013 and 0014 are the plans' and appeals'.
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;

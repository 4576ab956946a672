/**
 * SPEC §7 Rules: any member reads, creates, edits and deletes the household's rules (SPEC §6).
 * Imported as the `rulesApi` namespace (index.ts), so a bundle keeps only the endpoints it uses.
 */
import { envelope, idParams, successSchema } from "./common.js";
import { defineEndpoint } from "./endpoint.js";
import { createRuleBody, ruleListSchema, ruleSchema, updateRuleBody } from "./rules.js";

export const listRules = defineEndpoint({
  method: "GET",
  path: "/rules/household/:id",
  params: idParams,
  response: envelope(ruleListSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const getRule = defineEndpoint({
  method: "GET",
  path: "/rules/:id",
  params: idParams,
  response: envelope(ruleSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const createRule = defineEndpoint({
  method: "POST",
  path: "/rules",
  body: createRuleBody,
  status: 201,
  response: envelope(ruleSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT", "PLAN_LIMIT"],
});

export const updateRule = defineEndpoint({
  method: "PUT",
  path: "/rules/:id",
  params: idParams,
  body: updateRuleBody,
  response: envelope(ruleSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT", "PLAN_LIMIT"],
});

export const deleteRule = defineEndpoint({
  method: "DELETE",
  path: "/rules/:id",
  params: idParams,
  response: envelope(successSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

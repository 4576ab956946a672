import { envelope, idParams, successSchema } from "./common.js";
import { defineEndpoint } from "./endpoint.js";
import { createRuleBody, ruleListSchema, ruleSchema, updateRuleBody } from "./rules.js";

/** SPEC §7 Rules: any member reads, creates, edits and deletes the household's rules (SPEC §6). */
export const rulesApi = {
  listRules: defineEndpoint({
    method: "GET",
    path: "/rules/household/:id",
    params: idParams,
    response: envelope(ruleListSchema),
    auth: "session",
    errors: ["FORBIDDEN", "NOT_FOUND"],
  }),
  getRule: defineEndpoint({
    method: "GET",
    path: "/rules/:id",
    params: idParams,
    response: envelope(ruleSchema),
    auth: "session",
    errors: ["FORBIDDEN", "NOT_FOUND"],
  }),
  createRule: defineEndpoint({
    method: "POST",
    path: "/rules",
    body: createRuleBody,
    status: 201,
    response: envelope(ruleSchema),
    auth: "session",
    errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
  }),
  updateRule: defineEndpoint({
    method: "PUT",
    path: "/rules/:id",
    params: idParams,
    body: updateRuleBody,
    response: envelope(ruleSchema),
    auth: "session",
    errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
  }),
  deleteRule: defineEndpoint({
    method: "DELETE",
    path: "/rules/:id",
    params: idParams,
    response: envelope(successSchema),
    auth: "session",
    errors: ["FORBIDDEN", "NOT_FOUND"],
  }),
};

import { authApi } from "./auth-api.js";
import { balanceApi } from "./balance-api.js";
import { finesApi } from "./fines-api.js";
import { healthApi } from "./health-api.js";
import { householdsApi } from "./households-api.js";
import { invitesApi } from "./invites-api.js";
import { notesApi } from "./notes-api.js";
import { notificationsApi } from "./notifications-api.js";
import { rulesApi } from "./rules-api.js";
import { storageApi } from "./storage-api.js";
import { usersApi } from "./users-api.js";

/** Every endpoint of the API, by operationId (what the OpenAPI document calls it). */
export const API_ENDPOINTS = {
  ...healthApi,
  ...authApi,
  ...householdsApi,
  ...invitesApi,
  ...usersApi,
  ...notificationsApi,
  ...rulesApi,
  ...finesApi,
  ...balanceApi,
  ...storageApi,
  ...notesApi,
};
export type OperationId = keyof typeof API_ENDPOINTS;

import * as activityApi from "./activity-api.js";
import * as appealsApi from "./appeals-api.js";
import * as authApi from "./auth-api.js";
import * as balanceApi from "./balance-api.js";
import * as exportsApi from "./exports-api.js";
import * as finesApi from "./fines-api.js";
import * as fundApi from "./fund-api.js";
import * as healthApi from "./health-api.js";
import * as householdsApi from "./households-api.js";
import * as insightsApi from "./insights-api.js";
import * as invitesApi from "./invites-api.js";
import * as mailApi from "./mail-api.js";
import * as notesApi from "./notes-api.js";
import * as notificationsApi from "./notifications-api.js";
import * as pushApi from "./push-api.js";
import * as plansApi from "./plans-api.js";
import * as rulesApi from "./rules-api.js";
import * as storageApi from "./storage-api.js";
import * as supportApi from "./support-api.js";
import * as usersApi from "./users-api.js";

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
  ...fundApi,
  ...storageApi,
  ...notesApi,
  ...activityApi,
  ...insightsApi,
  ...exportsApi,
  ...plansApi,
  ...supportApi,
  ...appealsApi,
  ...mailApi,
  ...pushApi,
};
export type OperationId = keyof typeof API_ENDPOINTS;

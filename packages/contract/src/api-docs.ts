import type { API_ENDPOINTS } from "./api-endpoints.js";

interface OperationDocs {
  summary: string;
  tags: string[];
  description?: string;
}

/**
 * The OpenAPI document's words for each endpoint. Kept apart from the endpoints, and imported only by the server's
 * OpenAPI setup, so none of it reaches the web's bundle (decision 028); an endpoint without its summary here fails
 * the typecheck.
 */
export const API_DOCS = {
  getHealth: {
    summary: "Whether the server can take traffic",
    tags: ["health"],
    description: '503 while the server sheds load (details `{ status: "degraded" }`) or its database is down.',
  },
  requestSignInLink: {
    summary: "Email a sign-in link",
    tags: ["auth"],
    description: "Answers the same whether or not the address has an account. Limited per mailbox and per address.",
  },
  verifySignInLink: { summary: "Trade a sign-in link's token for a session", tags: ["auth"] },
  signOut: { summary: "End this session", tags: ["auth"], description: "Live sockets opened with its token close." },
  createHousehold: { summary: "Create a household, with its creator as admin", tags: ["households"] },
  getHousehold: { summary: "Read a household you belong to", tags: ["households"] },
  updateHousehold: { summary: "Change a household's settings (admin)", tags: ["households"] },
  rotateJoinCode: { summary: "Retire the household's join code for a new one (admin)", tags: ["households"] },
  joinHousehold: { summary: "Join a household by its join code", tags: ["households"] },
  createInvite: { summary: "Make an invite link to your household", tags: ["invites"] },
  getInvite: {
    summary: "What an invite link opens",
    tags: ["invites"],
    description: "Public: the link is the permission.",
  },
  joinByInvite: { summary: "Join the household an invite link opens", tags: ["invites"] },
  listUsers: { summary: "A household's members", tags: ["users"] },
  getUser: { summary: "Read yourself or a housemate", tags: ["users"] },
  updateUser: { summary: "Change your own profile", tags: ["users"] },
  deleteUser: { summary: "Delete your own account", tags: ["users"] },
  getUserStats: { summary: "Your own fine statistics", tags: ["users"] },
  listNotifications: { summary: "Your latest notifications and unread counts", tags: ["notifications"] },
  markNotificationRead: { summary: "Mark one of your notifications read", tags: ["notifications"] },
  markAllNotificationsRead: { summary: "Mark all your notifications read", tags: ["notifications"] },
  listNotificationTypes: { summary: "The kinds of notification there are", tags: ["notifications"] },
  listNotificationPreferences: { summary: "How you want to be told of each kind", tags: ["notifications"] },
  updateNotificationPreference: { summary: "Change how you are told of one kind", tags: ["notifications"] },
  listRules: { summary: "A household's rules", tags: ["rules"] },
  getRule: { summary: "Read one rule", tags: ["rules"] },
  createRule: { summary: "Add a rule to your household", tags: ["rules"] },
  updateRule: { summary: "Change a rule", tags: ["rules"] },
  deleteRule: { summary: "Delete a rule", tags: ["rules"] },
  listFines: {
    summary: "A page of your household's fines",
    tags: ["fines"],
    description: "Newest first, with the whole list's totals; `next_cursor` asks for the next page (decision 022).",
  },
  listFinesOfOffender: { summary: "A page of the fines one housemate received", tags: ["fines"] },
  listHouseholdFines: { summary: "A page of a household's fines", tags: ["fines"] },
  createFine: { summary: "Issue a fine to a housemate", tags: ["fines"] },
  updateFine: { summary: "Change a fine you issued while it is pending", tags: ["fines"] },
  payFine: { summary: "Pay a fine you received", tags: ["fines"] },
  disputeFine: { summary: "Dispute a fine you received", tags: ["fines"] },
  reviewDispute: { summary: "Accept or decline a dispute of a fine you issued", tags: ["fines"] },
  getFineDispute: { summary: "A fine's latest dispute (its issuer and offender only)", tags: ["fines"] },
  listFineEdits: { summary: "How a fine's issuer changed it, oldest first", tags: ["fines"] },
  getBalance: { summary: "The household's fine fund", tags: ["balance"] },
  getBalanceStats: { summary: "The fund's income: the last 30 days and in total", tags: ["balance"] },
  createUploadUrl: { summary: "Reserve a path for one image upload", tags: ["storage"] },
  uploadFile: {
    summary: "Send an image's bytes to a reserved path",
    tags: ["storage"],
    description: "The body is the raw image with its own Content-Type; it is re-encoded before it is stored.",
  },
  listStickyNotes: { summary: "Your household's sticky notes", tags: ["sticky-notes"] },
  createStickyNote: { summary: "Add a sticky note", tags: ["sticky-notes"] },
  reorderStickyNotes: { summary: "Put the board's notes in a new order", tags: ["sticky-notes"] },
  updateStickyNote: { summary: "Change a sticky note", tags: ["sticky-notes"] },
  deleteStickyNote: { summary: "Delete a sticky note", tags: ["sticky-notes"] },
} satisfies Record<keyof typeof API_ENDPOINTS, OperationDocs>;

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
  getCurrentUser: {
    summary: "Read the signed-in person's own account",
    tags: ["auth"],
    description: "Also says whether they have been here before and whether they chose their display name.",
  },
  createHousehold: { summary: "Create a household, with its creator as admin", tags: ["households"] },
  getHousehold: { summary: "Read a household you belong to", tags: ["households"] },
  updateHousehold: {
    summary: "Change a household's settings (admin)",
    tags: ["households"],
    description:
      "Name, currency and joining by ID. A new currency while the household has fines needs `confirmKeepAmounts: true` " +
      "(amounts keep their numbers, not converted); without it, 409. Members are told (`household_updated`) of a " +
      "new name or currency, and their open sockets get `household_changed`.",
  },
  rotateJoinCode: { summary: "Retire the household's join code for a new one (admin)", tags: ["households"] },
  joinHousehold: {
    summary: "Join a household by its join code",
    tags: ["households"],
    description: "403 while joining by ID is off, and for someone an admin removed from the household.",
  },
  listHouseholdMembers: {
    summary: "A household's members with their roles and fines",
    tags: ["households"],
    description: "Each member's role, joined date, pending and disputed fines owed (count and sum) and fines issued.",
  },
  setMemberRole: {
    summary: "Make a member admin, or step down as admin (admin)",
    tags: ["households"],
    description: "`false` is allowed only on oneself, and only while another admin remains (else 409).",
  },
  removeMember: {
    summary: "Remove a member from the household (admin)",
    tags: ["households"],
    description:
      "A reason is required. Fines they owe are written off, disputes they issued go to the admin; they are told " +
      "by email and in-app, their open sockets get `household_access_ended`, and they can rejoin only by a new invite.",
  },
  leaveHousehold: {
    summary: "Leave your household",
    tags: ["households"],
    description:
      "Owing pending or disputed fines needs `confirmWriteOff: true` (they are written off); the last member needs " +
      "`confirmDeleteHousehold: true` (the household is deleted); the only admin cannot leave while others remain. " +
      "Each refusal is a 409 with its message.",
  },
  deleteHousehold: {
    summary: "Delete the household, as its last member (admin)",
    tags: ["households"],
    description: "All its data goes: rules, fines, notes, invites. 409 while it has other members.",
  },
  createInvite: { summary: "Make an invite link to your household", tags: ["invites"] },
  getInvite: {
    summary: "What an invite link opens",
    tags: ["invites"],
    description: "Public: the link is the permission.",
  },
  joinByInvite: {
    summary: "Join the household an invite link opens",
    tags: ["invites"],
    description: "403 for someone removed from the household when the link was made before their removal.",
  },
  listInvites: { summary: "Your household's live invite links", tags: ["invites"] },
  revokeInvite: { summary: "Revoke one of the household's invite links (admin)", tags: ["invites"] },
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
  getFine: { summary: "One fine of your household, whatever its status", tags: ["fines"] },
  getFineDispute: { summary: "A fine's latest dispute (its issuer and offender only)", tags: ["fines"] },
  listFineEdits: { summary: "How a fine's issuer changed it, oldest first", tags: ["fines"] },
  getBalance: { summary: "The household's fine fund", tags: ["balance"] },
  getInsights: {
    summary: "A household's fine analytics for a period",
    tags: ["insights"],
    description:
      "Fines per month (issued, paid, cancelled), per member, the most broken rules, the median time to pay, disputes, " +
      "days since each member's last fine and a weekday × hour count. Dates are whole UTC days, both included; unset, " +
      "the last 12 months.",
  },
  getBalanceStats: {
    summary: "The fund's change in 30 days, its income and spending in total and by month",
    tags: ["balance"],
    description: "netChange counts every entry of the last 30 days; monthly is the last 12 months, oldest first.",
  },
  listTransactions: {
    summary: "The fund's ledger, filtered, sorted and paged",
    tags: ["fund"],
    description:
      "Every movement of the fund: income (a paid fine), spending (a passed proposal) and corrections. Filters by " +
      "type, member, rule and UTC dates (both included); sorts by date or by size of amount.",
  },
  reverseTransaction: {
    summary: "Reverse a ledger entry with a reason (admin)",
    tags: ["fund"],
    description:
      "Adds a correction of the opposite amount; nothing is changed or deleted. 409 for a correction, an entry " +
      "already reversed, or income the fund no longer holds.",
  },
  listProposals: {
    summary: "The household's open spending proposals, or the recently decided ones",
    tags: ["fund"],
    description: "Proposals past their 7 days are decided (failed) before the list is read.",
  },
  createProposal: {
    summary: "Propose spending the fund",
    tags: ["fund"],
    description: "The proposer's yes is cast with it. Every other member is told (`spending_proposed`).",
  },
  voteOnProposal: {
    summary: "Vote yes or no on an open proposal",
    tags: ["fund"],
    description:
      "It passes once more than half of the current members voted yes (its amount leaves the fund in the same " +
      "transaction, or it fails if the fund no longer covers it) and fails once that cannot happen. Every member is " +
      "told of the decision (`spending_decided`).",
  },
  withdrawProposal: { summary: "Withdraw your own open proposal", tags: ["fund"] },
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
  listActivity: {
    summary: "Your household's activity log, newest first",
    tags: ["activity"],
    description:
      "One entry per change, append-only. Keyset-paged: `before` is the previous page's `page.next_cursor`. " +
      "`kind` is a comma-separated list of groups and kinds; `from` and `to` are whole UTC days, both included.",
  },
  exportFinesCsv: {
    summary: "Download the household's fine history as CSV",
    tags: ["exports"],
    description:
      "RFC 4180, UTF-8 with a byte order mark, one row per fine (cancelled ones included), streamed. `from` and `to` " +
      "are whole UTC days, both included; `member` keeps the fines where that person is the offender. A cell that " +
      "begins with =, +, -, @, a tab or a carriage return gets a leading ' so a spreadsheet reads it as text.",
  },
  exportFinesPdf: {
    summary: "Download the household's fine statement as PDF",
    tags: ["exports"],
    description:
      "The household, the period, each member's totals (issued, paid, owed), the fund's balance, then the fines, " +
      "streamed. Same filters as the CSV.",
  },
  getAppConfig: {
    summary: "What this server offers",
    tags: ["plans"],
    description: "Whether households have plans (PLANS=on), whether the support form is shown, and the version.",
  },
  getHouseholdPlan: {
    summary: "The household's plan, its limits and usage, and its subscription",
    tags: ["plans"],
    description: "With plans off: no plan, no limits, every feature.",
  },
  startCheckout: {
    summary: "Start the Pro subscription: the payment provider's checkout page",
    tags: ["plans"],
    description: "Admin only. Not found with plans off; a conflict when the household is already on Pro.",
  },
  openBillingPortal: {
    summary: "Manage or cancel the subscription: the payment provider's customer portal",
    tags: ["plans"],
    description: "Admin only. Not found with plans off; a conflict when the household never subscribed.",
  },
  receiveStripeWebhook: {
    summary: "Stripe's subscription events",
    tags: ["plans"],
    description:
      "Verified by the Stripe-Signature header over the raw body. Idempotent: a replayed event changes nothing; " +
      "events in any order end in the subscription's current state.",
  },
  sendSupportMessage: {
    summary: "Write to support",
    tags: ["support"],
    description:
      "Emails SUPPORT_EMAIL with the sender, their household, its plan and the app's version; Pro households' " +
      "messages are marked priority. Not found when SUPPORT_EMAIL is unset.",
  },
  openAppeal: {
    summary: "Appeal a declined dispute to the house",
    tags: ["fines"],
    description:
      "The person fined, once, within 3 days of the decline, in a household of at least three, on Pro. The fine " +
      "stays pending and cannot be paid until the appeal closes.",
  },
  getAppeal: {
    summary: "A fine's appeal",
    tags: ["fines"],
    description: "While open: how many have voted and the caller's own vote. Once closed: the tally and every vote.",
  },
  voteOnAppeal: {
    summary: "Vote to uphold or cancel an appealed fine",
    tags: ["fines"],
    description:
      "Every member but the issuer and the person fined, once, while open. The last vote closes the appeal: a " +
      "majority decides, a tie or no votes keeps the issuer's decision.",
  },
  listOpenAppeals: {
    summary: "The household's open appeals",
    tags: ["fines"],
    description: "Soonest closing first, each with its fine and whether the caller may vote.",
  },
  getUnsubscribe: {
    summary: "What an email's unsubscribe link turns off",
    tags: ["notifications"],
    description:
      "Reads the signed token of an email's unsubscribe link (a person and a notification type) and changes nothing. " +
      "Needs no session; an invalid token is not found.",
  },
  unsubscribe: {
    summary: "One-click unsubscribe (RFC 8058)",
    tags: ["notifications"],
    description:
      "The URL of every email's List-Unsubscribe header: turns off that person's email for that notification type " +
      "and nothing else. Takes `List-Unsubscribe=One-Click` as a form, multipart or urlencoded, of at most 1 KiB " +
      "(a mail client) or no body (the web's page); " +
      "repeating it changes nothing. Needs no session.",
  },
  getPushKey: {
    summary: "The server's VAPID public key, for subscribing a device to pushes",
    tags: ["notifications"],
  },
  subscribePush: {
    summary: "Register this device for pushes",
    tags: ["notifications"],
    description:
      "Takes the browser's PushSubscription as JSON. The subscription belongs to the caller's session: signing out " +
      "removes it. Registering an endpoint again moves it to the caller. Only the push services the server trusts " +
      "(PUSH_SERVICES) are accepted.",
  },
  unsubscribePush: { summary: "Stop pushes to one of your devices", tags: ["notifications"] },
} satisfies Record<keyof typeof API_ENDPOINTS, OperationDocs>;

import { exportsApi, fineExportSearch, pathOf, type ExportFormat, type FineExportFilters } from "@housemate/contract";
import { API_BASE, AUTH_TOKEN_KEY, friendlyMessage } from "@/lib/api-client";

const ENDPOINTS = { csv: exportsApi.exportFinesCsv, pdf: exportsApi.exportFinesPdf } as const;

/** The export's address: the contract's route for the format, with the chosen filters as its query. */
export function exportUrl(format: ExportFormat, householdId: string, filters: FineExportFilters): string {
  return `${API_BASE}${pathOf(ENDPOINTS[format], { id: householdId })}${fineExportSearch(filters)}`;
}

/** The ASCII file name the server gave (`filename="…"`), else a plain one. */
function fileNameOf(disposition: string | null, format: ExportFormat): string {
  const match = /filename="([^"]{1,200})"/.exec(disposition ?? "");
  return match?.[1] ?? `housemate-fines.${format}`;
}

/**
 * Downloads an export and hands it to the browser to save. The API takes a bearer token, never a cookie, so a plain
 * link cannot carry the session: the file is fetched with the token and saved from memory (docs/decisions/044).
 * No time-out: a long history's PDF may take a while, and it streams all along.
 */
export async function downloadExport(url: string, format: ExportFormat): Promise<void> {
  const token = localStorage.getItem(AUTH_TOKEN_KEY);
  if (!token) throw new Error("No authentication token found. Please log in again.");
  let response: Response;
  try {
    response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  } catch {
    throw new Error("The download failed. Check your connection and try again.");
  }
  if (!response.ok) throw new Error(await errorMessageOf(response));
  const file = await response.blob();
  const address = URL.createObjectURL(file);
  const link = document.createElement("a");
  link.href = address;
  link.download = fileNameOf(response.headers.get("Content-Disposition"), format);
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click's task is over.
  setTimeout(() => URL.revokeObjectURL(address), 0);
}

async function errorMessageOf(response: Response): Promise<string> {
  const body: unknown = await response.json().catch(() => null);
  const error = typeof body === "object" && body !== null && "error" in body ? body.error : null;
  const message = typeof error === "object" && error !== null && "message" in error ? error.message : null;
  return typeof message === "string" ? message : friendlyMessage(response.status, response.statusText);
}

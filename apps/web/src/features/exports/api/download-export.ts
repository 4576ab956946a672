import { exportsApi, type ExportFormat, type FineExportFilters } from "@housemate/contract";
import { api } from "@/lib/api-client";

const ENDPOINTS = { csv: exportsApi.exportFinesCsv, pdf: exportsApi.exportFinesPdf } as const;

/**
 * How long a saved file's object URL is kept. Safari and Firefox may still be reading it after the click's task, so
 * it is freed later (or when the dialog closes), not at once.
 */
export const SAVED_FILE_LIFETIME_MS = 30_000;

/** The ASCII file name the server gave (`filename="…"`), else a plain one. */
function fileNameOf(disposition: string | null, format: ExportFormat): string {
  const match = /filename="([^"]{1,200})"/.exec(disposition ?? "");
  return match?.[1] ?? `housemate-fines.${format}`;
}

/**
 * Downloads an export and hands it to the browser to save. The API takes a bearer token, never a cookie, so a plain
 * link cannot carry the session: the file comes through the API client (its token, its errors, sign-out on 401, no
 * time-out) and is saved from memory (docs/decisions/044). Answers the function that frees the saved file's memory;
 * it also runs by itself after `SAVED_FILE_LIFETIME_MS`.
 */
export async function downloadExport(
  format: ExportFormat,
  householdId: string,
  filters: FineExportFilters,
  signal?: AbortSignal,
): Promise<() => void> {
  const { blob, headers } = await api.download(ENDPOINTS[format], {
    params: { id: householdId },
    query: { from: filters.from, to: filters.to, member: filters.member },
    signal,
  });
  const address = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = address;
  link.download = fileNameOf(headers.get("Content-Disposition"), format);
  document.body.append(link);
  link.click();
  link.remove();
  let freed = false;
  const free = () => {
    if (freed) return;
    freed = true;
    clearTimeout(timer);
    URL.revokeObjectURL(address);
  };
  const timer = setTimeout(free, SAVED_FILE_LIFETIME_MS);
  return free;
}

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { toast, Toaster } from "sonner";
import { NOTES_LIMIT_MESSAGE, type StickyNote } from "@housemate/contract";
import { useAuthStore } from "@/lib/auth/auth-store";
import { respondWith, serverUser, storeSession, type FakeAnswer } from "@/lib/testing/fake-server";
import { dropWaitingDeletes } from "../api/delete-note";
import { orderKeepingHidden, useNotesAwaitingDelete } from "../stores/notes-awaiting-delete";
import { NotesCard } from "./notes-card";

const HOUSEHOLD_ID = "11111111-1111-4111-8111-111111111111";
const NOTES = "/api/sticky-notes";
const ids = {
  bins: "a0000000-0000-4000-8000-000000000001",
  milk: "a0000000-0000-4000-8000-000000000002",
  wifi: "a0000000-0000-4000-8000-000000000003",
};

function note(id: string, content: string, overrides: Partial<StickyNote> = {}): StickyNote {
  return {
    id,
    household_id: HOUSEHOLD_ID,
    content,
    color: "yellow",
    position: 0,
    created_by: "u2",
    created_by_name: "Bo Chen",
    created_at: "2026-03-01T10:00:00.000Z",
    updated_at: "2026-03-01T10:00:00.000Z",
    ...overrides,
  };
}

const board = () => [
  note(ids.bins, "Bins out on Tuesday", { position: 0 }),
  note(ids.milk, "Buy milk", { position: 1, color: "blue", created_by_name: "Ana Lopez", created_by: "u1" }),
  note(ids.wifi, "Wi-Fi password is on the fridge", { position: 2, color: "pink" }),
];

/**
 * The server's side of the board, kept in memory behind the stubbed fetch: answers change as the
 * board does, so a refetch after a change shows the change. `fail` makes one kind of call fail (adding
 * a note with the answer given, if one is).
 */
function boardServer(
  notes: StickyNote[],
  fail: Partial<Record<"GET" | "PATCH" | "DELETE" | "REORDER", boolean>> & { POST?: boolean | FakeAnswer } = {},
) {
  let current = [...notes];
  const refused: FakeAnswer = { status: 500, body: { error: { message: "Boom", code: "INTERNAL", requestId: "r" } } };
  const lastBody = () => server.bodies.at(-1) as Record<string, unknown>;
  const routes: Parameters<typeof respondWith>[0] = {
    [`GET ${NOTES}`]: () => (fail.GET ? refused : { body: { data: current } }),
    [`POST ${NOTES}`]: () => {
      if (fail.POST) return fail.POST === true ? refused : fail.POST;
      const { content, color } = lastBody() as { content: string; color: StickyNote["color"] };
      const added = note(`a0000000-0000-4000-8000-00000000010${current.length}`, content, {
        color,
        created_by_name: "Ana Lopez",
      });
      current = [...current, added];
      return { status: 201, body: { data: added } };
    },
    [`POST ${NOTES}/reorder`]: () => {
      if (fail.REORDER)
        return {
          status: 400,
          body: { error: { message: "noteIds must list every note", code: "VALIDATION_ERROR", requestId: "r" } },
        };
      const { noteIds } = lastBody() as { noteIds: string[] };
      current = noteIds.flatMap((id) => current.filter((each) => each.id === id));
      return { body: { data: current } };
    },
  };
  for (const each of notes) {
    routes[`PATCH ${NOTES}/${each.id}`] = () => {
      if (fail.PATCH) return refused;
      const changes = lastBody();
      current = current.map((one) => (one.id === each.id ? { ...one, ...changes } : one));
      return { body: { data: current.find((one) => one.id === each.id) } };
    };
    routes[`DELETE ${NOTES}/${each.id}`] = () => {
      if (fail.DELETE) return refused;
      current = current.filter((one) => one.id !== each.id);
      return { body: { data: { success: true } } };
    };
  }
  const server = respondWith(routes);
  return {
    ...server,
    /** What the board holds on the server now, as texts in order. */
    texts: () => current.map((each) => each.content),
    /** A housemate's edit, seen here at the next refetch. */
    edit: (id: string, content: string) => {
      current = current.map((one) => (one.id === id ? { ...one, content } : one));
    },
    setFail: (next: typeof fail) => Object.assign(fail, next),
  };
}

function renderCard() {
  storeSession(serverUser({ id: "u1", display_name: "Ana Lopez", household_id: HOUSEHOLD_ID }));
  useAuthStore.getState().checkAuth();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <NotesCard />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

/** The notes' texts, top to bottom. */
const shownOrder = () =>
  within(screen.getByRole("list", { name: "Household notes" }))
    .getAllByRole("textbox", { name: "Note text" })
    .map((field) => (field as HTMLTextAreaElement).value);

const sentTo = (server: Pick<ReturnType<typeof respondWith>, "requests" | "bodies">, method: string, path: string) =>
  server.requests.flatMap((request, index) =>
    request.method === method && new URL(request.url).pathname === path ? [server.bodies[index]] : [],
  );

beforeEach(() => {
  // jsdom has no layout: each note gets a 100 px slot in list order, so the keyboard can move between them.
  vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (this: Element) {
    const item = this.closest("[data-note-id]");
    const index = item?.parentElement ? Array.from(item.parentElement.children).indexOf(item) : -1;
    const top = item ? index * 100 : 0;
    const height = item ? 90 : 0;
    return {
      x: 0,
      y: top,
      top,
      left: 0,
      width: item ? 300 : 0,
      height,
      right: item ? 300 : 0,
      bottom: top + height,
      toJSON: () => ({}),
    };
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  toast.dismiss();
  useNotesAwaitingDelete.setState({ ids: new Set() });
});

/** The toast closes (its time is up, or the person closes it): a waiting delete is sent then. */
function closeToasts() {
  act(() => {
    toast.dismiss();
  });
}

describe("the household notes board", () => {
  it("shows the notes in board order, each with its author, in a scrolling list of at most 600px", async () => {
    boardServer(board());
    renderCard();
    await screen.findByDisplayValue("Buy milk");
    expect(shownOrder()).toEqual(["Bins out on Tuesday", "Buy milk", "Wi-Fi password is on the fridge"]);
    const list = screen.getByRole("list", { name: "Household notes" });
    expect(list).toHaveClass("max-h-[600px]", "overflow-y-auto");
    const [bins, milk] = within(list).getAllByRole("listitem");
    expect(bins).toHaveAccessibleName("Note by Bo Chen");
    expect(milk).toHaveTextContent("Ana Lopez");
    expect(milk?.className).toContain("bg-sky-100");
  });

  it("also reads a board nested under data.data", async () => {
    respondWith({ [`GET ${NOTES}`]: { body: { data: { data: board() } } } });
    renderCard();
    expect(await screen.findByDisplayValue("Bins out on Tuesday")).toBeInTheDocument();
  });

  it("says 'Failed to load notes' and loads them again on Retry", async () => {
    const server = boardServer(board(), { GET: true });
    renderCard();
    expect(await screen.findByText("Failed to load notes")).toBeInTheDocument();
    server.setFail({ GET: false });
    await userEvent.setup().click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByDisplayValue("Buy milk")).toBeInTheDocument();
    expect(screen.queryByText("Failed to load notes")).not.toBeInTheDocument();
  });
});

describe("adding a note", () => {
  it("keeps Add disabled while the text is blank after trimming", async () => {
    boardServer([]);
    renderCard();
    const user = userEvent.setup();
    const add = screen.getByRole("button", { name: "Add" });
    expect(add).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: "New note" }), "   {Enter}  ");
    expect(add).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: "New note" }), "x");
    expect(add).toBeEnabled();
  });

  it("adds a trimmed note in the picked colour (Yellow unless picked) at the end of the board", async () => {
    const server = boardServer(board());
    renderCard();
    const user = userEvent.setup();
    await screen.findByDisplayValue("Buy milk");
    expect(screen.getByRole("radio", { name: "Yellow" })).toBeChecked();
    expect(screen.getAllByRole("radio").map((radio) => radio.getAttribute("aria-label"))).toEqual([
      "Yellow",
      "Blue",
      "Green",
      "Pink",
      "Purple",
    ]);

    await user.type(screen.getByRole("textbox", { name: "New note" }), "  Party on Friday ");
    await user.click(screen.getByRole("radio", { name: "Green" }));
    await user.click(screen.getByRole("button", { name: "Add" }));

    expect(await screen.findByText("Note added successfully")).toBeInTheDocument();
    expect(sentTo(server, "POST", NOTES)).toEqual([{ content: "Party on Friday", color: "green" }]);
    await waitFor(() => expect(shownOrder()).toEqual([...server.texts()]));
    expect(shownOrder().at(-1)).toBe("Party on Friday");
    expect(screen.getByRole("textbox", { name: "New note" })).toHaveValue("");
  });

  it("takes the note back off the board when the server refuses it", async () => {
    boardServer(board(), { POST: true });
    renderCard();
    const user = userEvent.setup();
    await screen.findByDisplayValue("Buy milk");
    await user.type(screen.getByRole("textbox", { name: "New note" }), "Lost note");
    await user.click(screen.getByRole("button", { name: "Add" }));
    expect(await screen.findByText("Failed to add note")).toBeInTheDocument();
    await waitFor(() =>
      expect(shownOrder()).toEqual(["Bins out on Tuesday", "Buy milk", "Wi-Fi password is on the fridge"]),
    );
  });
});

describe("adding a note the server reads differently", () => {
  it("keeps Add disabled for a note made only of invisible characters", async () => {
    boardServer(board());
    renderCard();
    await screen.findByDisplayValue("Buy milk");
    fireEvent.change(screen.getByRole("textbox", { name: "New note" }), { target: { value: " \u200B\u202E\u2060 " } });
    expect(screen.getByRole("button", { name: "Add" })).toBeDisabled();
  });

  it("shows the server's reason when the household's board is full", async () => {
    const full: FakeAnswer = {
      status: 409,
      body: { error: { message: NOTES_LIMIT_MESSAGE, code: "CONFLICT", requestId: "r" } },
    };
    boardServer(board(), { POST: full });
    renderCard();
    const user = userEvent.setup();
    await screen.findByDisplayValue("Buy milk");
    await user.type(screen.getByRole("textbox", { name: "New note" }), "One too many");
    await user.click(screen.getByRole("button", { name: "Add" }));
    expect(await screen.findByText(NOTES_LIMIT_MESSAGE)).toBeInTheDocument();
    await waitFor(() =>
      expect(shownOrder()).toEqual(["Bins out on Tuesday", "Buy milk", "Wi-Fi password is on the fridge"]),
    );
  });
});

describe("editing a note in place", () => {
  it("saves once, 500 ms after typing stops", async () => {
    const server = boardServer(board());
    renderCard();
    const field = await screen.findByDisplayValue("Buy milk");
    const patches = () => sentTo(server, "PATCH", `${NOTES}/${ids.milk}`);

    // Fake timers make the 500 ms exact. fireEvent, not userEvent: Testing Library's async wrapper
    // waits on a real-time timer that vitest's fake timers would never fire.
    vi.useFakeTimers();
    fireEvent.focus(field);
    for (const text of ["Buy o", "Buy oat", "Buy oat m", "Buy oat milk"]) {
      fireEvent.change(field, { target: { value: text } });
      await act(() => vi.advanceTimersByTimeAsync(200));
    }
    fireEvent.change(field, { target: { value: "Buy oat milk!" } });
    fireEvent.change(field, { target: { value: "Buy oat milk" } });
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(patches()).toEqual([]);

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(patches()).toEqual([{ content: "Buy oat milk" }]);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(patches()).toHaveLength(1);
    expect(field).toHaveValue("Buy oat milk");
    expect(server.texts()).toContain("Buy oat milk");
  });

  it("asks to delete a note emptied of its text; Cancel puts the saved text back and sends nothing (issue 18)", async () => {
    const server = boardServer(board());
    renderCard();
    const user = userEvent.setup();
    const field = await screen.findByDisplayValue("Buy milk");
    await user.clear(field);
    await user.type(field, "   ");
    await user.tab();

    const ask = await screen.findByRole("alertdialog", { name: "Delete this note?" });
    expect(ask).toHaveAccessibleDescription("A note needs some text. Delete it, or cancel to keep the text it had.");
    await user.click(within(ask).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(field).toHaveValue("Buy milk");
    await waitFor(() => expect(field).toHaveFocus());
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(sentTo(server, "PATCH", `${NOTES}/${ids.milk}`)).toEqual([]);
    expect(server.texts()).toContain("Buy milk");
  });

  it("deletes a note emptied of its text once confirmed, with Undo in its toast (issue 18)", async () => {
    const server = boardServer(board());
    renderCard();
    const user = userEvent.setup();
    const field = await screen.findByDisplayValue("Buy milk");
    await user.clear(field);
    await user.tab();
    const ask = await screen.findByRole("alertdialog", { name: "Delete this note?" });
    await user.click(within(ask).getByRole("button", { name: "Delete" }));

    await waitFor(() => expect(shownOrder()).toEqual(["Bins out on Tuesday", "Wi-Fi password is on the fridge"]));
    expect(await screen.findByText("Note deleted successfully")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Undo" })).toBeInTheDocument();
    closeToasts();
    await waitFor(() => expect(server.texts()).toEqual(["Bins out on Tuesday", "Wi-Fi password is on the fridge"]));
    expect(sentTo(server, "PATCH", `${NOTES}/${ids.milk}`)).toEqual([]);
  });

  it("stops asking to delete an emptied note once a housemate writes in it, and shows their text (issue 18)", async () => {
    const server = boardServer(board());
    const { queryClient } = renderCard();
    const user = userEvent.setup();
    const field = await screen.findByDisplayValue("Buy milk");
    await user.clear(field);
    await user.tab();
    await screen.findByRole("alertdialog", { name: "Delete this note?" });

    server.edit(ids.milk, "Buy milk and bread");
    // The board refetches, as a live message about the edit has it do.
    await act(() => queryClient.invalidateQueries());
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(field).toHaveValue("Buy milk and bread");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sentTo(server, "DELETE", `${NOTES}/${ids.milk}`)).toEqual([]);
  });

  it("puts the old text back when the server refuses the edit", async () => {
    boardServer(board(), { PATCH: true });
    renderCard();
    const user = userEvent.setup();
    const field = await screen.findByDisplayValue("Buy milk");
    await user.type(field, " and eggs");
    await user.tab(); // leaving the note sends the waiting edit at once
    expect(await screen.findByText("Failed to update note")).toBeInTheDocument();
    await waitFor(() => expect(field).toHaveValue("Buy milk"));
  });
});

describe("deleting a note", () => {
  it("takes the note off the board at once, says so, and deletes it when the toast closes", async () => {
    const server = boardServer(board());
    renderCard();
    const user = userEvent.setup();
    await screen.findByDisplayValue("Buy milk");
    await user.click(screen.getByRole("button", { name: 'Delete note "Buy milk"' }));
    expect(shownOrder()).toEqual(["Bins out on Tuesday", "Wi-Fi password is on the fridge"]);
    expect(await screen.findByText("Note deleted successfully")).toBeInTheDocument();
    // Undo is possible until the toast closes: nothing is sent before.
    expect(sentTo(server, "DELETE", `${NOTES}/${ids.milk}`)).toHaveLength(0);

    closeToasts();
    await waitFor(() => expect(sentTo(server, "DELETE", `${NOTES}/${ids.milk}`)).toHaveLength(1));
    await waitFor(() => expect(server.texts()).toEqual(["Bins out on Tuesday", "Wi-Fi password is on the fridge"]));
    expect(shownOrder()).toEqual(["Bins out on Tuesday", "Wi-Fi password is on the fridge"]);
  });

  it("puts the very same note back in its place on Undo (issue 18), and never deletes it", async () => {
    const server = boardServer(board());
    renderCard();
    const user = userEvent.setup();
    await screen.findByDisplayValue("Buy milk");
    await user.click(screen.getByRole("button", { name: 'Delete note "Buy milk"' }));
    expect(shownOrder()).toEqual(["Bins out on Tuesday", "Wi-Fi password is on the fridge"]);
    await user.click(await screen.findByRole("button", { name: "Undo" }));

    expect(shownOrder()).toEqual(["Bins out on Tuesday", "Buy milk", "Wi-Fi password is on the fridge"]);
    const milk = screen.getByDisplayValue("Buy milk").closest("li");
    expect(milk).toHaveAccessibleName("Note by Ana Lopez");
    expect(milk?.className).toContain("bg-sky-100");
    closeToasts();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sentTo(server, "DELETE", `${NOTES}/${ids.milk}`)).toHaveLength(0);
    expect(server.texts()).toContain("Buy milk");
  });

  it("sends a waiting delete at once when the page is hidden, as its toast may then never close", async () => {
    const server = boardServer(board());
    renderCard();
    const user = userEvent.setup();
    await screen.findByDisplayValue("Buy milk");
    await user.click(screen.getByRole("button", { name: 'Delete note "Buy milk"' }));
    expect(sentTo(server, "DELETE", `${NOTES}/${ids.milk}`)).toHaveLength(0);
    vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    act(() => {
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await waitFor(() => expect(sentTo(server, "DELETE", `${NOTES}/${ids.milk}`)).toHaveLength(1));
    // Sent to outlive the page: a hidden page may be closed or reloaded next.
    expect(server.requests.find((request) => request.method === "DELETE")?.keepalive).toBe(true);
  });

  it("sends a waiting delete at once, to outlive the page, when the page is being left or reloaded", async () => {
    const server = boardServer(board());
    renderCard();
    const user = userEvent.setup();
    await screen.findByDisplayValue("Buy milk");
    await user.click(screen.getByRole("button", { name: 'Delete note "Buy milk"' }));
    act(() => {
      window.dispatchEvent(new Event("pagehide"));
    });
    // In the same task: a page being unloaded may run no other.
    await act(() => Promise.resolve());
    const deletes = server.requests.filter((request) => request.method === "DELETE");
    expect(deletes).toHaveLength(1);
    expect(deletes[0]?.keepalive).toBe(true);
    await waitFor(() => expect(server.texts()).toEqual(["Bins out on Tuesday", "Wi-Fi password is on the fridge"]));
  });

  it("sends a waiting delete with the session before signing out, and nothing once signed out", async () => {
    const server = boardServer(board());
    renderCard();
    const user = userEvent.setup();
    await screen.findByDisplayValue("Buy milk");
    await user.click(screen.getByRole("button", { name: 'Delete note "Buy milk"' }));
    await act(() => useAuthStore.getState().logout());

    const sent = server.requests.map((request) => `${request.method} ${new URL(request.url).pathname}`);
    expect(sent.filter((each) => !each.startsWith("GET"))).toEqual([
      `DELETE ${NOTES}/${ids.milk}`,
      "POST /api/auth/logout",
    ]);
    const deleted = server.requests.find((request) => request.method === "DELETE");
    expect(deleted?.headers.get("Authorization")).toMatch(/^Bearer ./);
    expect(server.texts()).toEqual(["Bins out on Tuesday", "Wi-Fi password is on the fridge"]);
    // The toast closing later (the toaster outlives the signed-in screens) sends nothing more, and reports nothing.
    closeToasts();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests.filter((request) => request.method === "DELETE")).toHaveLength(1);
    expect(screen.queryByText("Failed to delete note")).not.toBeInTheDocument();
  });

  it("drops a waiting delete unsent, reporting nothing, when the person's household ends (forgetHousehold)", async () => {
    const server = boardServer(board());
    renderCard();
    const user = userEvent.setup();
    await screen.findByDisplayValue("Buy milk");
    await user.click(screen.getByRole("button", { name: 'Delete note "Buy milk"' }));
    await act(() => dropWaitingDeletes());

    await waitFor(() => expect(screen.queryByText("Note deleted successfully")).not.toBeInTheDocument());
    closeToasts();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests.filter((request) => request.method === "DELETE")).toEqual([]);
    expect(screen.queryByText("Failed to delete note")).not.toBeInTheDocument();
  });

  it("moves focus to the note now in its place, else the one before, else the heading, never to the page", async () => {
    boardServer(board());
    renderCard();
    const user = userEvent.setup();
    await screen.findByDisplayValue("Buy milk");
    await user.click(screen.getByRole("button", { name: 'Delete note "Buy milk"' }));
    await waitFor(() => expect(screen.getByDisplayValue("Wi-Fi password is on the fridge")).toHaveFocus());
    await user.click(screen.getByRole("button", { name: 'Delete note "Wi-Fi password is on the fridge"' }));
    await waitFor(() => expect(screen.getByDisplayValue("Bins out on Tuesday")).toHaveFocus());
    await user.click(screen.getByRole("button", { name: 'Delete note "Bins out on Tuesday"' }));
    await waitFor(() => expect(screen.getByRole("heading", { name: "Household Notes" })).toHaveFocus());
  });

  it("moves focus to the next note when an emptied note is deleted from 'Delete this note?'", async () => {
    boardServer(board());
    renderCard();
    const user = userEvent.setup();
    const field = await screen.findByDisplayValue("Bins out on Tuesday");
    await user.clear(field);
    await user.tab();
    const ask = await screen.findByRole("alertdialog", { name: "Delete this note?" });
    await user.click(within(ask).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByDisplayValue("Buy milk")).toHaveFocus();
  });

  it("puts the note back in its place when the server refuses", async () => {
    boardServer(board(), { DELETE: true });
    renderCard();
    const user = userEvent.setup();
    await screen.findByDisplayValue("Buy milk");
    await user.click(screen.getByRole("button", { name: 'Delete note "Buy milk"' }));
    closeToasts();
    expect(await screen.findByText("Failed to delete note")).toBeInTheDocument();
    await waitFor(() =>
      expect(shownOrder()).toEqual(["Bins out on Tuesday", "Buy milk", "Wi-Fi password is on the fridge"]),
    );
  });

  it("keeps a note awaiting its delete in its slot when the others are moved", () => {
    const all = [{ id: "a" }, { id: "b" }, { id: "c" }, { id: "d" }];
    expect(orderKeepingHidden(all, ["d", "c", "a"], new Set(["b"]))).toEqual(["d", "b", "c", "a"]);
    expect(orderKeepingHidden(all, ["a", "b", "c", "d"], new Set())).toEqual(["a", "b", "c", "d"]);
  });
});

describe("reordering the board", () => {
  /** Picks a note up by its handle, moves it with the arrow keys and drops it, as a keyboard user does. */
  async function moveByKeyboard(user: ReturnType<typeof userEvent.setup>, handleName: string, keys: string[]) {
    screen.getByRole("button", { name: handleName }).focus();
    await user.keyboard("[Space]");
    // As a keyboard user does, and the e2e journey: the note is picked up (the drag and drop loads on that first
    // press) before it moves.
    await waitFor(() => expect(document.body).toHaveTextContent("Picked up note"));
    for (const key of keys) await user.keyboard(`[${key}]`);
    await user.keyboard("[Space]");
  }

  it("moves a note down by keyboard and sends the whole new order", async () => {
    const server = boardServer(board());
    renderCard();
    const user = userEvent.setup();
    await screen.findByDisplayValue("Buy milk");
    await moveByKeyboard(user, 'Move note "Bins out on Tuesday"', ["ArrowDown"]);

    await waitFor(() =>
      expect(sentTo(server, "POST", `${NOTES}/reorder`)).toEqual([{ noteIds: [ids.milk, ids.bins, ids.wifi] }]),
    );
    expect(shownOrder()).toEqual(["Buy milk", "Bins out on Tuesday", "Wi-Fi password is on the fridge"]);
    expect(server.texts()).toEqual(["Buy milk", "Bins out on Tuesday", "Wi-Fi password is on the fridge"]);
  });

  it("announces the move to screen readers and tells keyboard users how", async () => {
    const server = boardServer(board());
    renderCard();
    const user = userEvent.setup();
    await screen.findByDisplayValue("Buy milk");
    const handle = screen.getByRole("button", { name: 'Move note "Wi-Fi password is on the fridge"' });
    expect(handle).toHaveAccessibleDescription(/press Space or Enter/);
    handle.focus();
    await user.keyboard("[Space]");
    await waitFor(() =>
      expect(document.body).toHaveTextContent('Picked up note "Wi-Fi password is on the fridge" at position 3 of 3.'),
    );
    await user.keyboard("[ArrowUp]");
    await waitFor(() =>
      expect(document.body).toHaveTextContent('Note "Wi-Fi password is on the fridge" is over position 2 of 3.'),
    );
    await user.keyboard("[Escape]");
    await waitFor(() => expect(document.body).toHaveTextContent("Moving cancelled."));
    expect(shownOrder().at(-1)).toBe("Wi-Fi password is on the fridge");
    expect(sentTo(server, "POST", `${NOTES}/reorder`)).toEqual([]);
  });

  it("puts the old order back when the server refuses", async () => {
    boardServer(board(), { REORDER: true });
    renderCard();
    const user = userEvent.setup();
    await screen.findByDisplayValue("Buy milk");
    await moveByKeyboard(user, 'Move note "Wi-Fi password is on the fridge"', ["ArrowUp", "ArrowUp"]);
    expect(await screen.findByText("Failed to reorder notes")).toBeInTheDocument();
    await waitFor(() =>
      expect(shownOrder()).toEqual(["Bins out on Tuesday", "Buy milk", "Wi-Fi password is on the fridge"]),
    );
  });
});

describe("a note offline (decision 053)", () => {
  afterEach(() => act(() => void window.dispatchEvent(new Event("online"))));

  it("is read, not changed: its text read-only, its handle and Delete off, each saying why; nothing is sent", async () => {
    const server = boardServer(board());
    renderCard();
    const field = await screen.findByDisplayValue("Buy milk");
    act(() => void window.dispatchEvent(new Event("offline")));
    expect(field).toHaveAttribute("readonly");
    expect(field).toHaveAccessibleDescription("You are offline");
    const handle = screen.getByRole("button", { name: 'Move note "Buy milk"' });
    const remove = screen.getByRole("button", { name: 'Delete note "Buy milk"' });
    for (const control of [handle, remove]) {
      expect(control).toHaveAttribute("aria-disabled", "true");
      expect(control).toHaveAccessibleDescription("You are offline");
    }
    await userEvent.type(field, " and eggs");
    fireEvent.click(remove);
    expect(field).toHaveValue("Buy milk");
    expect(screen.getByDisplayValue("Buy milk")).toBeInTheDocument();
    expect(server.requests.filter((request) => request.method !== "GET")).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { act, render, waitFor } from "@testing-library/react";
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { useDeferredQuery } from "./deferred-query";

/** What each render of a list saw: the query it asked for and the answer it was given. */
function renderList(queryClient: QueryClient, seen: string[]) {
  function List({ name }: { name: string }) {
    const queryKey = ["list", name];
    const query = useDeferredQuery(
      useQuery({ queryKey, queryFn: () => new Promise<string>(() => undefined), staleTime: Infinity }),
      queryKey,
    );
    seen.push(`${name}: ${query.isPending ? "skeleton" : String(query.data)}`);
    return null;
  }
  const view = render(
    <QueryClientProvider client={queryClient}>
      <List name="all" />
    </QueryClientProvider>,
  );
  return (name: string) =>
    view.rerender(
      <QueryClientProvider client={queryClient}>
        <List name={name} />
      </QueryClientProvider>,
    );
}

describe("a deferred query", () => {
  it("renders a new answer to the same query after what it showed before", async () => {
    const queryClient = new QueryClient();
    const seen: string[] = [];
    renderList(queryClient, seen);
    queryClient.setQueryData(["list", "all"], "three fines");
    await waitFor(() => expect(seen.at(-1)).toBe("all: three fines"));
    // The answer's first render still shows the skeleton; the answer follows in a render of its own.
    expect(seen).toEqual(["all: skeleton", "all: skeleton", "all: three fines"]);
  });

  it("never shows one query's answer for another: a new list shows its own state in its first render", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(["list", "all"], "three fines");
    queryClient.setQueryData(["list", "paid"], "one fine");
    const seen: string[] = [];
    const show = renderList(queryClient, seen);
    act(() => show("pending"));
    act(() => show("paid"));
    expect(seen).not.toContain("pending: three fines");
    expect(seen).not.toContain("paid: three fines");
    expect(seen).toContain("pending: skeleton");
    expect(seen.at(-1)).toBe("paid: one fine");
  });
});

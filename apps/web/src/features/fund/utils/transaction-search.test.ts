import { describe, expect, it } from "vitest";
import { TRANSACTION_PAGE_NUMBER_MAX, transactionsQuery } from "@housemate/contract";
import { readTransactionSearch, resetSearch, withFilter, writeTransactionSearch } from "./transaction-search";

const MEMBER = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";
const read = (query: string) => readTransactionSearch(new URLSearchParams(query));

describe("the transaction history's place in the URL", () => {
  it("reads what a link asks for and writes it back the same", () => {
    const query = `type=spending&member=${MEMBER}&from=2026-03-01&to=2026-03-31&sort=amount&order=asc&page=3`;
    expect(writeTransactionSearch(read(query)).toString()).toBe(query);
  });

  it("leaves out what a hand-edited link cannot mean, as if it were not there", () => {
    expect(read("type=gift&member=me&rule=1&from=yesterday&sort=size&order=up&page=-2")).toEqual(resetSearch());
    expect(read("page=2.5").page).toBe(1);
  });

  it("caps the page at the highest the contract takes, so a huge one is not sent to be refused", () => {
    expect(transactionsQuery.safeParse({ page: TRANSACTION_PAGE_NUMBER_MAX }).success).toBe(true);
    expect(transactionsQuery.safeParse({ page: TRANSACTION_PAGE_NUMBER_MAX + 1 }).success).toBe(false);
    expect(read(`page=${TRANSACTION_PAGE_NUMBER_MAX}`).page).toBe(TRANSACTION_PAGE_NUMBER_MAX);
    expect(read("page=99999999999").page).toBe(TRANSACTION_PAGE_NUMBER_MAX);
  });

  it("keeps the plain page's address plain", () => {
    expect(writeTransactionSearch(read("sort=date&order=desc&page=1")).toString()).toBe("");
  });

  it("returns to page 1 when a filter changes, and clears an emptied one", () => {
    const changed = withFilter(read(`member=${MEMBER}&page=4`), "member", "");
    expect(changed).toEqual({ ...resetSearch(), member: undefined, page: 1 });
  });
});

import { useRef, useState, type ReactNode } from "react";
import { Link, NavigationType, useLocation, useNavigate, useNavigationType } from "react-router-dom";
import { config } from "../../config.ts";
import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import { useRuntime } from "../../runtime/context.tsx";
import { ContentCard } from "../../ui/cards/ContentCard.tsx";
import { CardGrid } from "../../ui/Card.tsx";
import { Section } from "../../ui/Section.tsx";
import { useMediaQuery } from "../../ui/useMediaQuery.ts";
import { ListControls } from "./ListControls.tsx";
import { isListData } from "./listResult.ts";
import { listRequest, pageCount, readListState, writeListState, type ListState } from "./listState.ts";
import type { ContentListOptions } from "./options.ts";
import { Pagination } from "./Pagination.tsx";
import { useContentList } from "./useContentList.ts";
import "./content-list.css";

/** The query string of this list view with `change` applied ("" when everything is the default). */
function searchWith(params: URLSearchParams, change: Partial<ListState>): string {
  const query = writeListState(params, change).toString();
  return query === "" ? "" : `?${query}`;
}

/** SPEC 9: a window of pages under 768 px wide. */
const narrowScreen = "(max-width: 767.98px)";

/**
 * The search box keeps what the visitor types: the address follows it, but lags a render
 * behind (router updates are transitions), so it is read back only when the visitor moves
 * through history.
 */
function useSearchDraft(fromAddress: string) {
  const navigation = useNavigationType();
  const [draft, setDraft] = useState(fromAddress);
  const [seen, setSeen] = useState(fromAddress);
  if (seen !== fromAddress) {
    setSeen(fromAddress);
    if (navigation === NavigationType.Pop) setDraft(fromAddress);
  }
  return [draft, setDraft] as const;
}

/** SPEC 2.8, 4: a searchable, sortable, filterable and paged list of blogs, case studies or thought papers. */
export function ContentList({ options, page, title, slotId, data }: BlockProps<ContentListOptions>) {
  const { client } = useRuntime();
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const state = readListState(params);
  const pageSize = config.listPageSize + options.extraItems;
  const list = useContentList(
    client,
    listRequest(state, { contentType: options.contentType, pageName: options.pageName ?? page.name ?? "", pageSize }),
    isListData(data) ? data : null,
  );
  const last = pageCount(list.total, pageSize);
  const narrow = useMediaQuery(narrowScreen);
  const [draft, setDraft] = useSearchDraft(state.search);
  const searchFor = (change: Partial<ListState>) => searchWith(params, change);
  const top = useRef<HTMLDivElement>(null);

  const change = (next: Partial<ListState>, how: { replace?: boolean } = {}) =>
    void navigate({ search: searchFor(next) }, { replace: how.replace ?? false });
  const backToTop = () => top.current?.scrollIntoView({ block: "start" });

  const announcement =
    list.status === "results"
      ? `${list.total} ${list.total === 1 ? "result" : "results"}, page ${state.page} of ${last}`
      : list.status === "empty"
        ? "No Records Found"
        : list.status === "error"
          ? "The list could not be loaded."
          : "";

  let results: ReactNode;
  if (list.status === "error") {
    results = (
      <div className="content-list__message">
        <p>The list could not be loaded.</p>
        <button type="button" className="button" onClick={list.retry}>
          Try again
        </button>
      </div>
    );
  } else if (list.status === "empty") {
    results = (
      <div className="content-list__message">
        <p>No Records Found</p>
        {state.page > 1 && <Link to={{ search: searchFor({ page: 1 }) }}>Go to the first page</Link>}
      </div>
    );
  } else if (list.items.length === 0) {
    results = <p className="content-list__message content-list__message--loading">Loading...</p>;
  } else {
    results = (
      <CardGrid>
        {list.items.map((item) => (
          <ContentCard key={item.key} type={options.contentType} item={item} />
        ))}
      </CardGrid>
    );
  }

  return (
    <Section title={title} slotId={slotId} className="content-list">
      <div ref={top} className="content-list__top">
        {!title && <h2 className="visually-hidden">Results</h2>}
        <ListControls
          searchLabel={options.searchLabel}
          search={draft}
          sort={state.sort}
          filter={state.filter}
          onSearch={(text) => {
            setDraft(text);
            change({ search: text }, { replace: true });
          }}
          onSort={(sort) => change({ sort })}
          onFilter={(filter) => change({ filter })}
        />
      </div>
      <div className="content-list__results" aria-busy={list.status === "loading"}>
        {results}
      </div>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {(list.status === "results" || list.status === "loading") && last > 1 && (
        <Pagination current={state.page} last={last} narrow={narrow} searchFor={(target) => searchFor({ page: target })} onNavigate={backToTop} />
      )}
    </Section>
  );
}

export const block = defineBlock<ContentListOptions>("content-list", ContentList);

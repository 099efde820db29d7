import { useId } from "react";
import { listFilters, listSorts } from "../../content/names.ts";
import type { ListFilter, ListSort } from "./listState.ts";

interface ListControlsProps {
  searchLabel: string;
  search: string;
  sort: ListSort;
  filter: ListFilter;
  onSearch: (text: string) => void;
  onSort: (sort: ListSort) => void;
  onFilter: (filter: ListFilter) => void;
}

const pick = <T extends string>(values: readonly T[], value: string): T | undefined => values.find((v) => v === value);

/** SPEC 2.8: the search box, "Sort by" and "Filter by". Every change updates the list; there is nothing to submit. */
export function ListControls({ searchLabel, search, sort, filter, onSearch, onSort, onFilter }: ListControlsProps) {
  const id = useId();
  return (
    // data-site-form: the site's own form, as opposed to one slipped into content (tests/xss.ts).
    <form className="list-controls" role="search" aria-label={searchLabel} data-site-form="" onSubmit={(event) => event.preventDefault()}>
      <div className="list-controls__field list-controls__field--search">
        <label htmlFor={`${id}-search`}>{searchLabel}</label>
        <input
          id={`${id}-search`}
          className="list-controls__input"
          type="search"
          autoComplete="off"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
        />
      </div>
      <div className="list-controls__field">
        <label htmlFor={`${id}-sort`}>Sort by</label>
        <select id={`${id}-sort`} className="list-controls__input" value={sort} onChange={(event) => { const value = pick(listSorts, event.target.value); if (value) onSort(value); }}>
          {listSorts.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </div>
      <div className="list-controls__field">
        <label htmlFor={`${id}-filter`}>Filter by</label>
        <select id={`${id}-filter`} className="list-controls__input" value={filter} onChange={(event) => { const value = pick(listFilters, event.target.value); if (value) onFilter(value); }}>
          {listFilters.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}

import { Link } from "react-router-dom";
import { pageWindow } from "./pagination.ts";

interface PaginationProps {
  current: number;
  last: number;
  /** Under 768 px: a window of pages instead of all of them. */
  narrow: boolean;
  /** The query string of a page of this list. */
  searchFor: (page: number) => string;
  onNavigate: () => void;
}

/** Numbered pages with previous and next arrows (SPEC 2.8, 9), as links: each page of results has an address. */
export function Pagination({ current, last, narrow, searchFor, onNavigate }: PaginationProps) {
  // An arrow with nowhere to go keeps its place on screen but is not announced as an empty item.
  const arrow = (page: number, label: string, glyph: string, rel: "prev" | "next") =>
    page >= 1 && page <= last ? (
      <li>
        <Link className="pagination__link pagination__arrow" to={{ search: searchFor(page) }} aria-label={label} rel={rel} onClick={onNavigate}>
          <span aria-hidden="true">{glyph}</span>
        </Link>
      </li>
    ) : (
      <li aria-hidden="true">
        <span className="pagination__link pagination__arrow is-disabled">{glyph}</span>
      </li>
    );
  return (
    <nav className="pagination" aria-label="Pagination">
      <ul className="pagination__list">
        {arrow(current - 1, "Previous page", "‹", "prev")}
        {pageWindow(current, last, narrow).map((page) => (
          <li key={page}>
            <Link
              className="pagination__link"
              to={{ search: searchFor(page) }}
              aria-label={`Page ${page}`}
              aria-current={page === current ? "page" : undefined}
              onClick={onNavigate}
            >
              {page}
            </Link>
          </li>
        ))}
        {arrow(current + 1, "Next page", "›", "next")}
      </ul>
    </nav>
  );
}

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
  const arrow = (page: number, label: string, glyph: string, rel: "prev" | "next") =>
    page >= 1 && page <= last ? (
      <Link className="pagination__link pagination__arrow" to={{ search: searchFor(page) }} aria-label={label} rel={rel} onClick={onNavigate}>
        <span aria-hidden="true">{glyph}</span>
      </Link>
    ) : (
      <span className="pagination__link pagination__arrow is-disabled" aria-hidden="true">
        {glyph}
      </span>
    );
  return (
    <nav className="pagination" aria-label="Pagination">
      <ul className="pagination__list">
        <li>{arrow(current - 1, "Previous page", "‹", "prev")}</li>
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
        <li>{arrow(current + 1, "Next page", "›", "next")}</li>
      </ul>
    </nav>
  );
}

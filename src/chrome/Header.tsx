/**
 * The site header (SPEC 2.4): logo, the main navigation (…Top) and the dropdown navigation
 * (…TopNext), following the WAI-ARIA disclosure navigation pattern. Its state lives in
 * ./navStore.ts; its items come from the menus only.
 *
 * The menu button and the dropdowns are <details> elements, so they open and close from the
 * HTML alone, before the code arrives (the dropdowns share a `name`: the browser keeps one
 * open). Once the code runs it takes them over: it reads what the visitor opened meanwhile,
 * and from then on the store decides (a click on a summary toggles the store, not the
 * element), adding what HTML cannot do: outside click, Escape, focus leaving, route change.
 */
import { useEffect, useId, useLayoutEffect, useRef, type RefObject } from "react";
import { Link, useLocation, useRevalidator } from "react-router-dom";
import type { MenuItem } from "../content/contract.ts";
import type { MenuSlot } from "../content/menus.ts";
import { pathTo } from "../content/paths.ts";
import { useSiteMenus } from "../runtime/siteData.ts";
import { detailsToggle, summaryClick, useTakenOver } from "../ui/disclosure.ts";
import { containsCurrent, menuLabel, menuPath } from "../ui/menuItems.ts";
import { MenuLink } from "./MenuLink.tsx";
import { isExperienceCenter } from "./menuLinks.ts";
import { navActions, useNavStore } from "./navStore.ts";
import "./header.css";
// Under Vite's inlining limit: written into the page, not a request of its own on a phone's six connections.
import logoUrl from "./logo.svg";

interface NavProps {
  slot: MenuSlot;
  label: string;
  items: readonly MenuItem[];
  pathname: string;
  /** Prefix of the DOM ids of this header's dropdown buttons and panels. */
  idBase: string;
}

const dropdownId = (slot: MenuSlot, item: MenuItem) => `${slot}-${item.key}`;
const buttonDomId = (idBase: string, id: string) => `${idBase}${id}-button`;

function SubItems({ items, pathname, depth }: { items: readonly MenuItem[]; pathname: string; depth: 1 | 2 }) {
  return (
    <ul className={depth === 1 ? "site-nav__sublist" : "site-nav__subsublist"}>
      {items.map((item) => (
        <li key={item.key}>
          <MenuLink item={item} pathname={pathname} className={`site-nav__sublink ${depth === 1 && item.SubMenu.length > 0 ? "site-nav__sublink--group" : ""}`} />
          {/* Menus go two levels below a dropdown (CONTENT-API 2); anything deeper is not shown. */}
          {depth === 1 && item.SubMenu.length > 0 && <SubItems items={item.SubMenu} pathname={pathname} depth={2} />}
        </li>
      ))}
    </ul>
  );
}

function Dropdown({ id, item, pathname, idBase }: { id: string; item: MenuItem; pathname: string; idBase: string }) {
  const open = useNavStore((state) => state.openDropdown === id);
  const takenOver = useTakenOver();
  const panelId = `${idBase}${id}-panel`;
  const container = useRef<HTMLLIElement>(null);
  // Focus moving elsewhere closes it; focus leaving the window (no next element) does not. A
  // press (a finger, a mouse button) moves focus before its click lands: the click decides then
  // (another dropdown's button switches, a link goes, elsewhere closes). Closing at the focus move
  // would collapse this panel, inline on phones, and shift the tapped button from under the finger.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const listening = new AbortController();
    const { signal } = listening;
    let pressing = false;
    const pressed = (down: boolean) => () => (pressing = down);
    document.addEventListener("pointerdown", pressed(true), { capture: true, signal });
    for (const end of ["click", "pointercancel"]) document.addEventListener(end, pressed(false), { capture: true, signal });
    element.addEventListener(
      "focusout",
      (event) => {
        if (!pressing && event.relatedTarget instanceof Node && !element.contains(event.relatedTarget)) navActions.closeDropdown(id);
      },
      { signal },
    );
    return () => listening.abort();
  }, [id]);
  return (
    <li ref={container} className={`site-nav__item site-nav__item--dropdown ${open ? "is-open" : ""}`}>
      <details
        className="site-nav__disclosure"
        name={`${idBase}dropdowns`}
        data-dropdown={id}
        open={open}
        onToggle={detailsToggle((shown) => navActions.showDropdown(id, shown))}
      >
        {/* aria-expanded only once the code keeps it true to the element; before, the browser's own state speaks. */}
        <summary
          id={buttonDomId(idBase, id)}
          className={`site-nav__button ${containsCurrent(item, pathname) ? "is-current" : ""}`}
          aria-expanded={takenOver ? open : undefined}
          aria-controls={panelId}
          onClick={summaryClick((shown) => navActions.showDropdown(id, shown))}
        >
          {menuLabel(item)}
          <span className="site-nav__chevron" aria-hidden="true" />
        </summary>
        <div id={panelId} className="site-nav__panel">
          {menuPath(item.PageURL) !== null && <MenuLink item={item} pathname={pathname} className="site-nav__overview" />}
          <SubItems items={item.SubMenu} pathname={pathname} depth={1} />
        </div>
      </details>
    </li>
  );
}

function Nav({ slot, label, items, pathname, idBase }: NavProps) {
  if (items.length === 0) return null;
  return (
    <nav className={`site-nav site-nav--${slot.toLowerCase()}`} aria-label={label}>
      <ul className="site-nav__list">
        {items.map((item) =>
          item.SubMenu.length > 0 ? (
            <Dropdown key={item.key} id={dropdownId(slot, item)} item={item} pathname={pathname} idBase={idBase} />
          ) : (
            <li key={item.key} className="site-nav__item">
              <MenuLink item={item} pathname={pathname} className={`site-nav__link ${isExperienceCenter(item) ? "site-nav__link--button" : ""}`} />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

/**
 * When the code starts: over the server's HTML, the state is what the visitor opened before
 * (the elements say); rendered by the code itself, everything starts closed. Then outside
 * click, Escape and route changes close what is open.
 */
function useClosingRules(header: RefObject<HTMLElement | null>, toggle: RefObject<HTMLElement | null>, idBase: string) {
  const { key } = useLocation();
  const openDropdown = useNavStore((state) => state.openDropdown);
  const mobileOpen = useNavStore((state) => state.mobileOpen);
  const takenOver = useTakenOver();
  const hydrating = useRef(!takenOver);
  const shownAt = useRef<string | null>(null);

  // A layout effect: over the server's HTML, the state learns what the visitor opened in the
  // hydrating commit, before the browser hands the code the visitor's next tap (../ui/disclosure.ts).
  useLayoutEffect(() => {
    if (shownAt.current === key) return;
    const element = shownAt.current === null && hydrating.current ? header.current : null;
    shownAt.current = key;
    navActions.closeAll();
    if (!element) return;
    const opened = element.querySelector<HTMLElement>("details[data-dropdown][open]")?.dataset.dropdown;
    if (opened) navActions.showDropdown(opened, true);
    navActions.showMobile(element.querySelector<HTMLDetailsElement>(".site-header__menu")?.open === true);
  }, [key, header]);

  useEffect(() => {
    if (openDropdown === null && !mobileOpen) return;
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Node && header.current?.contains(event.target)) return;
      navActions.closeAll();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      if (openDropdown !== null) {
        navActions.closeDropdown(openDropdown);
        document.getElementById(buttonDomId(idBase, openDropdown))?.focus();
      } else {
        navActions.closeAll();
        toggle.current?.focus();
      }
    };
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [openDropdown, mobileOpen, header, toggle, idBase]);
}

function Logo() {
  return (
    <Link to={pathTo("home")} className="site-header__logo">
      <img src={logoUrl} alt="Corvane Global Services home" width={200} height={48} />
    </Link>
  );
}

/** The menu call failed (twice): the logo stays, and the visitor can ask for the menu again. */
function HeaderWithoutMenus() {
  // The root route's loader runs again while its menus have failed (src/app/routes.tsx); the page on screen stays.
  const revalidator = useRevalidator();
  const asking = revalidator.state === "loading";
  const askAgain = () => void revalidator.revalidate();
  return (
    <header className="site-header site-header--no-menus">
      <div className="container site-header__bar">
        <Logo />
        <p className="site-header__menu-failed" role="status">
          The menu could not be loaded.{" "}
          <button type="button" className="link-button" onClick={askAgain} disabled={asking}>
            {asking ? "Loading the menu..." : "Load the menu again"}
          </button>
        </p>
      </div>
    </header>
  );
}

export function Header() {
  const menus = useSiteMenus();
  const { pathname } = useLocation();
  const header = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLElement>(null);
  const idBase = useId();
  const mobileOpen = useNavStore((state) => state.mobileOpen);
  const takenOver = useTakenOver();
  useClosingRules(header, toggle, idBase);

  if (menus?.failed) return <HeaderWithoutMenus />;
  if (!menus || (menus.Top.length === 0 && menus.TopNext.length === 0)) return null;
  const active = mobileOpen ? "is-active" : "";
  const navId = `${idBase}nav`;
  return (
    <header ref={header} className={`site-header ${active}`}>
      <div className="container site-header__bar">
        <Logo />
        {/* The navigation is this element's sibling, shown by CSS while it is open (header.css). */}
        <details className="site-header__menu" open={mobileOpen} onToggle={detailsToggle((shown) => navActions.showMobile(shown))}>
          <summary
            ref={toggle}
            className={`site-header__toggle ${active}`}
            aria-expanded={takenOver ? mobileOpen : undefined}
            aria-controls={navId}
            onClick={summaryClick((shown) => navActions.showMobile(shown, { closeDropdowns: true }))}
          >
            <span className="site-header__toggle-icon" aria-hidden="true" />
            <span className="visually-hidden">Menu</span>
          </summary>
        </details>
        <div id={navId} className={`site-header__nav ${active}`}>
          <Nav slot="Top" label="Main" items={menus.Top} pathname={pathname} idBase={idBase} />
          <Nav slot="TopNext" label="Secondary" items={menus.TopNext} pathname={pathname} idBase={idBase} />
        </div>
      </div>
    </header>
  );
}

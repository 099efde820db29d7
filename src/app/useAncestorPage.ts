import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { storedKeys, writeStored } from "../ui/storedValues.ts";

/**
 * SPEC 3, 4 "Page change": on every page change the address shown is stored as the ancestor
 * page, unless its route says it is not one (`"ancestor": false` in registry/routes.json: the
 * blog and case-study pages). The address includes the query, so a filtered list is kept.
 */
export function useAncestorPage(isAncestor: boolean) {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    if (isAncestor) writeStored(storedKeys.ancestorPage, `${pathname}${search}${hash}`);
  }, [isAncestor, pathname, search, hash]);
}

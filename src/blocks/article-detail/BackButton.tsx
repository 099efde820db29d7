import { useLocation, useNavigate } from "react-router-dom";

/**
 * "Back" to the page the visitor came from (SPEC 2.9). The router marks the address a visit
 * started on with the key "default": from there, history would leave the site, so the button
 * goes to `fallback` instead.
 */
export function BackButton({ fallback }: { fallback: string }) {
  const navigate = useNavigate();
  const { key } = useLocation();
  const hasHistory = key !== "default";
  return (
    <button type="button" className="article__back" onClick={() => void (hasHistory ? navigate(-1) : navigate(fallback))}>
      <span aria-hidden="true">←</span> Back
    </button>
  );
}

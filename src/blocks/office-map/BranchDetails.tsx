import type { ContentItem } from "../../content/contract.ts";
import { toPlainText } from "../../ui/text.ts";
import { telHref } from "./branches.ts";

interface BranchDetailsProps {
  branch: ContentItem;
  /** Shown when the branch has no location of its own. */
  fallbackName: string;
  headingId?: string;
  headingLevel: 2 | 3;
}

/** A branch's location (as a heading), address and phone link. */
export function BranchDetails({ branch, fallbackName, headingId, headingLevel }: BranchDetailsProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const address = toPlainText(branch.address);
  const phone = toPlainText(branch.phone);
  const tel = telHref(phone);
  return (
    <div className="branch">
      <Heading id={headingId} className="branch__location">
        {toPlainText(branch.location) || fallbackName}
      </Heading>
      {address && <p className="branch__address">{address}</p>}
      {phone && (
        <p className="branch__phone">
          {tel ? <a href={tel}>{phone}</a> : phone}
        </p>
      )}
    </div>
  );
}

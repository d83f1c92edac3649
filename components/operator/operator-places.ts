// The sections of /operator a link can jump to (the page's "On this page" navigation), one name for the
// navigation and the section alike, in the order the page shows them.
export const OPERATOR_PLACES = [
  { id: "operator-network", title: "Network and deployment" },
  { id: "operator-contracts", title: "Contract addresses" },
  { id: "operator-events", title: "Contract events" },
  { id: "operator-configuration", title: "Effective configuration" },
  { id: "operator-actions", title: "Signed actions" },
] as const;

type Place = (typeof OPERATOR_PLACES)[number];
export const operatorPlace = (title: Place["title"]): Place => OPERATOR_PLACES.find((place) => place.title === title)!;
/** A section's Card props: its heading and the place the navigation links to. */
export const cardOf = (title: Place["title"]) => ({ title, id: operatorPlace(title).id });

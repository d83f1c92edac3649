import { Loading } from "@/components/ui/skeleton";

/** A panel's placeholder while its read is under way: three lines of text, in a busy status region named `label`. */
export const PanelLoading = ({ label = "Loading" }: { label?: string }) => <Loading label={label} bars={["block h-4 w-full", "block h-4 w-5/6", "block h-4 w-3/6"]} />;

import { DataExportPanel } from "@/components/profile/data-export-panel";
import { loadDataExport } from "@/lib/views/data-export-view";

export interface DataExportSectionProps {
  /** The signed-in person whose export it shows. */
  viewer: { id: number };
}

/** "Download my data" on the settings page (contract section 20): reads the person's export and shows it. */
export async function DataExportSection({ viewer }: DataExportSectionProps) {
  return <DataExportPanel initial={await loadDataExport(viewer)} />;
}

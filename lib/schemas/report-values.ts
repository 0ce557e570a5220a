// The values a report's columns take (contract section 12); shared by the schemas, the db and the pages.
export const REPORT_REASONS = ["spam", "abuse", "off_topic", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_STATUSES = ["open", "resolved"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_RESOLUTIONS = ["dismiss", "delete_post"] as const;
export type ReportResolution = (typeof REPORT_RESOLUTIONS)[number];

// pg-boss 10 ships no types for its statement builders; those Agora runs or compares against.
declare module "pg-boss/src/plans" {
  export function completeJobs(schema: string): string;
  export function failJobsById(schema: string): string;
  export function retryJobs(schema: string): string;
}

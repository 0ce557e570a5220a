import { unknownApiPath } from "@/lib/api/unknown-path";

// /api itself: the catch-all beside this file needs at least one segment.
export const GET = unknownApiPath;
export const POST = unknownApiPath;
export const PUT = unknownApiPath;
export const PATCH = unknownApiPath;
export const DELETE = unknownApiPath;

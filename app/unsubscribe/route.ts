// One-click unsubscribe (RFC 8058) and the page's button: lib/web/email-unsubscribe.ts.
export { showUnsubscribePage as GET, unsubscribeOneClick as POST } from "@/lib/web/email-unsubscribe";

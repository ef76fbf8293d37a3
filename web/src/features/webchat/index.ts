/** What other features may use of webchat: they import it from here, never from its files. */
export { webchatErrors, WebchatFields, webchatFrom, webchatPayload } from "./components/webchat_fields.tsx";
export { useTypingSignal, VisitorTyping } from "./typing.tsx";

/** What other features may use of users: they import it from here, never from its files. */
export { QueuePicker } from "./components/queue_picker.tsx";

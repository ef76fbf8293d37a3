/** Quick messages on the wire (spec 2 quick messages): canned answers typed with '/shortcode'. */

export type QuickMessageDTO = {
  id: number;
  companyId: number;
  shortcode: string;
  message: string;
  mediaPath: string | null;
  mediaName: string | null;
  /** Shared with every user of the company; personal otherwise. */
  geral: boolean;
  /** Visible / active. */
  visao: boolean;
  status: string | null;
  userId: number | null;
  createdAt: string;
  updatedAt: string;
  isMedia: boolean;
};

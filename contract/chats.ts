/** The internal chat on the wire (spec 2 internal chat): chats, members and messages. */

export type ChatMember = { userId: number; unreads: number; user: { id: number; name: string } };

export type ChatDTO = {
  id: number;
  companyId: number;
  uuid: string;
  title: string;
  ownerId: number | null;
  lastMessage: string;
  createdAt: string;
  updatedAt: string;
  users: ChatMember[];
};

export type ChatMessageDTO = {
  id: number;
  companyId: number;
  chatId: number;
  senderId: number | null;
  message: string;
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: string;
  updatedAt: string;
  sender: { id: number; name: string } | null;
};

/** The user as the API shows it: never the password hash. */
import type { MediaStore } from "../media/store.ts";
import type { CompanyRow, PlanRow, UserRow } from "../lib/actor.ts";
import type { QueueRef } from "@contract/common.ts";
import type { UserDTO } from "@contract/users.ts";

export type { QueueRef } from "@contract/common.ts";
export type { PlanDTO } from "@contract/companies.ts";
export type { UserDTO } from "@contract/users.ts";

export async function toUserDTO(
  media: MediaStore,
  u: UserRow,
  queues: QueueRef[],
  company?: { company: CompanyRow; plan: PlanRow; settings: Record<string, string> },
): Promise<UserDTO> {
  const { passwordHash: _p, profileImage, lastSeenAt: _l, ...rest } = u;
  const dto: UserDTO = {
    ...rest,
    profileImage: profileImage ? await media.signedUrl(profileImage, 24 * 3600) : null,
    queues,
  };
  if (company) {
    const { createdAt: _c, updatedAt: _u, ...plan } = company.plan;
    dto.company = {
      id: company.company.id,
      name: company.company.name,
      dueDate: company.company.id === 1 ? "2999-12-31" : company.company.dueDate,
      timezone: company.company.timezone,
      plan,
      settings: company.settings,
      companieSettings: [company.settings],
    };
  }
  return dto;
}

/** Whether the public sign-up is open: the operator's allowSignup and userCreation settings. */
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

const KEYS = ["allowSignup", "userCreation"] as const;

export function useSignupOpen(): boolean {
  const q = useQuery({
    queryKey: ["public-settings", "signup-open"],
    queryFn: async () => {
      const values = await Promise.all(
        KEYS.map((key) =>
          api.get<{ key: string; value: string | null }>(`/public-settings/${key}`, undefined, {
            anonymous: true,
          })
        ),
      );
      return values.every((v) => v?.value !== "disabled");
    },
    staleTime: 60_000,
  });
  // Shown while loading: the server refuses a closed sign-up anyway.
  return q.data ?? true;
}

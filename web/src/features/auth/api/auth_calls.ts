import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export type SignupInput = {
  companyName: string;
  name: string;
  email: string;
  password: string;
  phone: string;
  planId: number;
};

export function signup(input: SignupInput) {
  return api.post<{ companyId: number; userId: number }>("/auth/signup", input, { anonymous: true });
}

export function sendResetCode(email: string) {
  return api.post<{ status: string }>(`/auth/forgetpassword/${encodeURIComponent(email)}`, undefined, {
    anonymous: true,
  });
}

export function resetPassword(input: { email: string; token: string; newPassword: string }) {
  return api.post<{ status: string }>("/auth/resetpasswords", input, { anonymous: true });
}

export type PublicPlan = { id: number; name: string; users?: number; connections?: number; amount?: number };
export const DEMO_PLAN_ID = 1;

/** Signup offers only plan 1; when the list fails (or lacks it) a fixed demo entry with id 1 is used. */
export function useSignupPlan(demoName: string) {
  return useQuery({
    queryKey: ["plans", "public", "signup"],
    queryFn: async (): Promise<PublicPlan> => {
      try {
        const plans = await api.get<PublicPlan[]>("/plans/list", undefined, { anonymous: true });
        const plan = Array.isArray(plans) ? plans.find((p) => p.id === DEMO_PLAN_ID) : undefined;
        if (plan) return plan;
      } catch {
        // fall through to the demo entry
      }
      return { id: DEMO_PLAN_ID, name: demoName };
    },
    staleTime: Infinity,
  });
}

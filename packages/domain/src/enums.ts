import * as z from "zod/mini";

// spec 9: the four frequencies and three priorities, spelled as the API sends them.
export const FREQUENCIES = ["Daily", "Weekly", "Monthly", "Yearly"] as const;
export const FrequencySchema = z.enum(FREQUENCIES);
export type Frequency = z.infer<typeof FrequencySchema>;

export const PRIORITIES = ["Low", "Medium", "High"] as const;
export const PrioritySchema = z.enum(PRIORITIES);
export type Priority = z.infer<typeof PrioritySchema>;

/** spec 3, 9: what a new task or subscription has unless the person chooses otherwise. */
export const DEFAULT_FREQUENCY: Frequency = "Daily";
export const DEFAULT_PRIORITY: Priority = "Medium";

/** spec 6: Assigned To offers only "Myself" for now (the API is not sent it). */
export const ASSIGNEES = ["Myself"] as const;
export const AssigneeSchema = z.enum(ASSIGNEES);

// issue 23: Family view's code (its lists, whose each record is), loaded when it is first shown,
// so that the first download of a person who never uses it does not grow (issue 7's budget).
export const familyView = () => import("./family-view");

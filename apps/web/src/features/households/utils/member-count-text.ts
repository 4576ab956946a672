/** "1 member", "3 members": how the invite screens count a household. */
export const memberCountText = (count: number) => `${count} ${count === 1 ? "member" : "members"}`;

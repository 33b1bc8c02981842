interface NamedUser {
  firstName: string;
  lastName: string;
  email: string;
}

/** Two letters for the avatar: first and last name initials, else the e-mail's first letter. */
export function initialsOf(user: NamedUser): string {
  const fromName = `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`;
  return (fromName || user.email.charAt(0)).toUpperCase();
}

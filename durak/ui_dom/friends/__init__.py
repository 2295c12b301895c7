"""A table with friends: Durak's record for the page shell's friends page, and a
guest's controllers, drawn from what its seat was sent."""

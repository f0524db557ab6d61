; automatically generated flakes.h
; $Id: flakes.h,v 1.1 2003/09/30 05:25:25 sgust Exp $
	db	018h,021h
	db	011h,029h | 080h
	db	01ah,02eh
	db	004h,021h
	db	007h,027h | 080h
	db	010h,026h | 080h
	db	001h,02eh
	db	004h,028h
	db	001h,02bh
	db	01bh,02ah
	db	00bh,029h
	db	00ah,024h
	db	01dh,020h
	db	00bh,020h
	db	01ah,025h
	db	007h,02bh
	db	021h,025h | 080h
	db	001h,027h
	db	023h,023h | 080h
	db	015h,023h
	db	018h,02ah
	db	00eh,02ch
	db	01fh,028h
	db	008h,022h
	db	020h,020h
	db	00eh,029h
	db	005h,024h | 080h
	db	026h,02dh
	db	015h,027h
	db	024h,020h | 080h
	db	00eh,024h
	db	016h,02ch
	db	013h,02dh
	db	00ah,02bh | 080h
	db	01eh,02dh | 080h
	db	012h,022h
	db	01eh,023h | 080h
	db	025h,029h
	db	022h,02ch
	db	022h,028h
	db	002h,024h
	db	018h,027h
	db	001h,020h
	db	0

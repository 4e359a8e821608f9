/* The third document's eight queens ("八皇后动态图形的实现", Turbo C), its search as printed
 * there, line breaks restored. Its drawing is replaced by printing: Turbo C's graphics.h, conio.h
 * and dos.h do not exist on a modern system, so putimage, delay, bar and outtextxy are gone, and
 * the solution counter n it drew with outtextxy is printed instead, with the row of the queen in
 * each column (kept in q, which the picture held). The four #include lines lost their file names
 * on the page; stdio.h and stdlib.h are what the rest needs. main's graphics set-up is gone. */
#include <stdio.h>
#include <stdlib.h>

char n[3]={'0','0'};/*用于记录第几组解*/
int a[8],b[15],c[24],i;
int q[8];/*每列皇后所在的行 (printed in place of the picture)*/
void try(int i)
{int j;
for (j=1;j<=8;j++)
if (a[j-1]+b[i+j-2]+c[i-j+7]==3) /*假如第i列第j行为空*/
{a[j-1]=0;b[i+j-2]=0;c[i-j+7]=0;/*占用第i列第j行*/
q[i-1]=j;/*显示皇后图形*/
if(i<8) try(i+1);
else /*输出一组解*/
{n[1]++;if (n[1]>'9') {n[0]++;n[1]='0';}
printf("%s:",n);/*显示第n组解*/
{int k;for (k=0;k<8;k++) printf(" %d",q[k]);}
printf("\n");
}
a[j-1]=1;b[i+j-2]=1;c[i-j+7]=1;
/*消去皇后，继续寻找下一组解*/
}
}
int main(void)
{
for (i=0;i<=7;i++) a[i]=1;
for (i=0;i<=14;i++) b[i]=1;
for (i=0;i<=23;i++) c[i]=1;
try(1);/*调用递归函数*/
return 0;
}
